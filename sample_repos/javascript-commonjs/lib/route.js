var Layer = require('./layer');

function Route(path) {
  this.path = path;
  this.stack = [new Layer(path)];
}

Route.prototype.dispatch = function dispatch(req, res) {
  var idx = 0;
  var stack = this.stack;
  var layer = stack[idx];
  layer.handle_request(req, res);
  stack.push(layer);
};

module.exports = Route;
