'use strict'

const proto = require('./lib/proto')
const { kWrite } = require('./lib/symbols')

function log (logger, obj) {
  return logger[kWrite](obj)
}

module.exports = { log, proto }
