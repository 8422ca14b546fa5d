import { kConnect, kSend, kFormat } from './keys'

export function render (this: unknown, value: string): string {
  return (this as any)[kFormat](value)
}

export class Client {
  [kConnect] (): string {
    return this[kSend]('hello')
  }

  [kSend] (data: string): string {
    return data
  }

  open (): string {
    return this[kConnect]()
  }
}

export function show (view: any, value: string): string {
  return view[kFormat](value)
}
