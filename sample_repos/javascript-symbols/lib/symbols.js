'use strict'

// Members named by symbols, the way Node libraries keep them private.
const kWrite = Symbol('write')
const kFormat = Symbol('format')
const kClose = Symbol('close')
const kRender = Symbol('render')

module.exports = { kWrite, kFormat, kClose, kRender }
