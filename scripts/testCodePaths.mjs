// What counts as test code in a packaged file list: the one rule for the asar check on CI (checkUnpackedApp.mjs) and the
// package-list test (packageFiles.test.ts). Paths are relative to the app, with either separator and an optional leading one.
const TEST_CODE = [
  // The test kits, wherever a build might put them (testkit/…, dist/testkit/…, dist/main/…/testkit/…).
  /(^|[/\\])testkit[/\\]/,
  // The black-box suites, the type tests, the benches and the captures the tests read.
  /^[/\\]?(e2e|typetests|bench|fixtures)[/\\]/,
  /\.(test|spec)\.[cm]?[jt]sx?$/,
  /\.map$/,
];

/** @param {string} file a path inside the package, either separator */
export function isTestCodePath(file) {
  return TEST_CODE.some((pattern) => pattern.test(file));
}
