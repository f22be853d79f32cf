/**
 * The contract's schemas serve the service, the OpenAPI document and the app alike; what only the document reads
 * (an operation's `summary` and `rules`, a schema's `.meta(...)`: docs/decisions/0046) is left out of the app's
 * build (vite.config.ts), so that it is not part of every first load (decision 0016). The app never reads them
 * (contract-docs.test.ts imports the stripped contract and compares it with the whole one).
 */

/** Whether a `/` at `i` starts a regular expression: after an operator or an opening bracket, not after a value. */
function regexMayStart(s: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && /\s/.test(s[k])) k -= 1;
  return (
    k < 0 ||
    '(,=:[!&|?{};+-*%<>~^'.includes(s[k]) ||
    /\b(return|typeof|case)$/.test(s.slice(Math.max(0, k - 6), k + 1))
  );
}

/** The index after the string, template, regular expression or comment at `i`, or `i` when there is none. */
function skipLiteral(s: string, i: number): number {
  const c = s[i];
  if (c === '/' && s[i + 1] === '/') {
    const end = s.indexOf('\n', i);
    return end < 0 ? s.length : end;
  }
  if (c === '/' && s[i + 1] === '*') {
    const end = s.indexOf('*/', i + 2);
    return end < 0 ? s.length : end + 2;
  }
  if (c === '/' && regexMayStart(s, i)) {
    let k = i + 1;
    let inClass = false;
    while (k < s.length && (inClass || s[k] !== '/')) {
      if (s[k] === '\\') k += 1;
      else if (s[k] === '[') inClass = true;
      else if (s[k] === ']') inClass = false;
      k += 1;
    }
    return k + 1;
  }
  if (c === "'" || c === '"') {
    let k = i + 1;
    while (k < s.length && s[k] !== c) k += s[k] === '\\' ? 2 : 1;
    return k + 1;
  }
  if (c === '`') {
    let k = i + 1;
    while (k < s.length && s[k] !== '`') {
      if (s[k] === '\\') k += 2;
      else if (s[k] === '$' && s[k + 1] === '{') k = closing(s, k + 2, '{', '}');
      else k += 1;
    }
    return k + 1;
  }
  return i;
}

/** The index after the bracket that closes the one opened just before `from`. */
function closing(s: string, from: number, open: string, close: string): number {
  let depth = 1;
  let k = from;
  while (k < s.length) {
    const after = skipLiteral(s, k);
    if (after !== k) {
      k = after;
      continue;
    }
    if (s[k] === open) depth += 1;
    else if (s[k] === close) {
      depth -= 1;
      if (depth === 0) return k + 1;
    }
    k += 1;
  }
  throw new Error(`contract-docs: no closing ${close} for the one before ${from}`);
}

/** The end of a property's value (`summary: 'a' + 'b'`, `rules: {…}`, `rules: name`) and its comma. */
function valueEnd(s: string, from: number): number {
  let k = from;
  while (k < s.length) {
    const after = skipLiteral(s, k);
    if (after !== k) {
      k = after;
      continue;
    }
    const c = s[k];
    if (c === '{' || c === '(' || c === '[') {
      k = closing(s, k + 1, c, c === '{' ? '}' : c === '(' ? ')' : ']');
      continue;
    }
    if (c === ',' || c === ';') return s[k + 1] === '\n' ? k + 2 : k + 1;
    if (c === '}') return k;
    k += 1;
  }
  return k;
}

const property = /^(\s*)(summary|rules):/;

/** The module's code without `.meta(...)` calls and without the `summary` and `rules` properties of operations. */
export function stripContractDocs(code: string): string {
  let out = '';
  let i = 0;
  let lineStart = true;
  while (i < code.length) {
    const after = skipLiteral(code, i);
    if (after !== i) {
      out += code.slice(i, after);
      lineStart = code[after - 1] === '\n';
      i = after;
      continue;
    }
    if (code.startsWith('.meta(', i)) {
      i = closing(code, i + '.meta('.length, '(', ')');
      continue;
    }
    if (lineStart) {
      const m = property.exec(code.slice(i, i + 40));
      if (m) {
        i = valueEnd(code, i + m[0].length);
        continue;
      }
    }
    out += code[i];
    lineStart = code[i] === '\n';
    i += 1;
  }
  return out;
}
