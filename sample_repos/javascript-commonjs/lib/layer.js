var Base = require('./base');
var inherits = require('util').inherits;

function Layer(path) {
  Base.call(this, path);
}

inherits(Layer, Base);

Layer.prototype.handle_request = function handle_request(req, res) {
  this.describe();
  return res;
};

module.exports = Layer;
