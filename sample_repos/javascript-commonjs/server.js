const express = require('./index');
const { flag } = require('./lib/utils');

express.init();
express.render('home');
flag(express.title);
