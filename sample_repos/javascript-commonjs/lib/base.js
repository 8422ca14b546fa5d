function Base(name) {
  this.name = name;
}

Base.prototype.describe = function describe() {
  return 'layer ' + this.name;
};

Base.prototype.push = function push(item) {
  return item;
};

module.exports = Base;
