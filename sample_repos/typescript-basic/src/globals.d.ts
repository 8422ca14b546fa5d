// A global declaration file: no imports or exports, so every file sees these names.
interface Logger {
  log(message: string): void;
}

declare function track(event: string): void;

declare namespace Metrics {
  function count(name: string): number;
}
