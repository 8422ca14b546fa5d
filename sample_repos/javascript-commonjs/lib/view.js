var resolve = require('./utils').normalize;

function View(name) {
  this.name = name;
  this.path = this.lookup(name);
}

View.prototype.lookup = function lookup(name) {
  return resolve(name);
};

View.prototype.render = function render() {
  var steps = [];
  next();

  function next() {
    steps.push(this.path);
    if (steps.length < 2) {
      next();
    }
  }
  return steps;
};

module.exports = View;
