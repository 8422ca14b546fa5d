export const kConnect = Symbol('connect')
export const kSend = Symbol('send')
export const kFormat = Symbol('format')
