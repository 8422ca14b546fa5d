function helper(x) {
  return x;
}
module.exports = { helper };
