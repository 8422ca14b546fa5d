'use strict'

const { kWrite, kFormat, kClose } = require('./symbols')
const { format } = require('./format')
const helpers = require('./helpers')

// `this` is whatever object the function is called on: here, objects made from `proto`
function write (obj) {
  return this[kFormat](obj)
}

function end () {
  return this[kClose](this)
}

const proto = {
  write,
  end,
  [kWrite]: write,
  [kFormat]: format,
  [kClose]: helpers.close
}

module.exports = proto
