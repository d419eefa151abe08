// A Redocly plugin: the recommended rules' two path checks, `no-path-trailing-slash` and
// `no-ambiguous-paths`, with the spec's own paths waived one by one (redocly.yaml lists each with
// its reason). The built-in rules can only be switched off for the whole document, which would
// let a path of ours through too.

const isVariable = (segment) => /^{.+?}$/.test(segment);

/** Two paths of as many segments and variables that one request path could match both of (as Redocly judges it). */
function ambiguous(a, b) {
  const left = a.split('/');
  const right = b.split('/');
  if (left.length !== right.length) return false;
  if (left.filter(isVariable).length !== right.filter(isVariable).length) return false;
  return left.every((segment, index) => isVariable(segment) || isVariable(right[index]) || segment === right[index]);
}

function TrailingSlash({ allow = {} }) {
  return {
    PathItem(_pathItem, { report, key, rawLocation }) {
      if (typeof key === 'string' && key.endsWith('/') && key !== '/' && !(key in allow)) {
        report({ message: `\`${key}\` should not have a trailing slash (only the spec's own paths may: redocly.yaml).`, location: rawLocation.key() });
      }
    },
  };
}

function AmbiguousPaths({ allow = [] }) {
  const waived = (a, b) => allow.some(({ paths }) => paths.includes(a) && paths.includes(b));
  return {
    Paths(pathMap, { report, location }) {
      const seen = [];
      for (const path of Object.keys(pathMap)) {
        const other = seen.find((earlier) => ambiguous(earlier, path) && !waived(earlier, path));
        if (other) {
          report({
            message: `Paths should resolve unambiguously. Found two ambiguous paths: \`${other}\` and \`${path}\`.`,
            location: location.child([path]).key(),
          });
        }
        seen.push(path);
      }
    },
  };
}

export default function tractionSpecPaths() {
  return {
    id: 'traction',
    rules: { oas3: { 'no-path-trailing-slash': TrailingSlash, 'no-ambiguous-paths': AmbiguousPaths } },
  };
}
