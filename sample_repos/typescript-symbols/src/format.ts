import { kFormat } from './keys'

export function format (value: string): string {
  return '[' + value + ']'
}

export const formatter = {
  [kFormat]: format
}
