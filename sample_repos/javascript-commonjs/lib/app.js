'use strict';

var normalize = require('./utils').normalize;
var { compile: build } = require('./utils');
var View = require('./view');
var createRouter = require('./router');
var helpers = require('./helpers');

var app = exports = module.exports = {};

app.init = function init() {
  this.settings = {};
  this.set('env', 'dev');
  this.router = createRouter();
};

app.set = function set(setting, value) {
  this.settings[normalize(setting)] = build(value);
  return this;
};

app.render = function render(name) {
  var view = new View(name);
  return view.render();
};

Object.defineProperty(app, 'title', {
  get: function () {
    return helpers.title(this.settings.name);
  },
});
