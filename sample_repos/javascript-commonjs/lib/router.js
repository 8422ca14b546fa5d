var setPrototypeOf = require('setprototypeof');
var Route = require('./route');

var proto = module.exports = function (options) {
  function router(req, res) {
    router.handle(req, res);
  }
  setPrototypeOf(router, proto);
  router.stack = [];
  return router;
};

proto.handle = function handle(req, res) {
  var route = this.route(req.url);
  route.dispatch(req, res);
};

proto.route = function route(path) {
  return new Route(path);
};
