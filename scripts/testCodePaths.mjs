// What counts as test code in a packaged file list: the one rule for the asar check on CI and the package-list test here.
const TEST_CODE = [/(^|[/\\])testkit[/\\]/, /(^|[/\\])testing[/\\]/, /\.test\.[cm]?[jt]sx?$/, /\.spec\.[cm]?[jt]sx?$/, /(^|[/\\])examplePlans\.[jt]s$/, /\.map$/];

/** @param {string} file a path inside the package, either separator */
export function isTestCodePath(file) {
  return TEST_CODE.some((pattern) => pattern.test(file));
}
