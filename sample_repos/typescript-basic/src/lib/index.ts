export * from "../models";
export { openRepo as open, defaultRepo } from "../repo";
