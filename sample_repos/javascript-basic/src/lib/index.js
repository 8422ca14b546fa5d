export * from "./repo";
export { helper as assist } from "./util";
