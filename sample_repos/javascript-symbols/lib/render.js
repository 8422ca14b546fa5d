'use strict'

const { kRender } = require('./symbols')

function renderText (obj) {
  return 'text:' + obj
}

function renderHtml (obj) {
  return '<p>' + obj + '</p>'
}

const text = { [kRender]: renderText }
const html = { [kRender]: renderHtml }

// two objects bind the key to two functions: which one runs depends on `view`
function render (view, obj) {
  return view[kRender](obj)
}

module.exports = { text, html, render }
