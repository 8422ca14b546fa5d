exports.normalize = function (value) {
  return String(value).trim();
};

exports.compile = function compile(value) {
  return exports.normalize(value);
};

module.exports.flag = function flag(value) {
  return Boolean(value);
};
