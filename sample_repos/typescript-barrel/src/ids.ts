export function newId(prefix: string): string {
  return prefix + "-1";
}

export function oldId(prefix: string): string | undefined {
  return prefix.length > 0 ? prefix : undefined;
}
