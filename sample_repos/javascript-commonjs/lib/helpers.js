const helpers = {
  title(name) {
    return this.upper(name);
  },
  upper: function (name) {
    return name.toUpperCase();
  },
};

module.exports = { title: helpers.title, upper: helpers.upper };
