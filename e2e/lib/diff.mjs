// A line diff for snapshot failures, in the unified style: `-` committed, `+` now, and up to
// three unchanged lines around each change. Snapshots are a few hundred lines at most, so the
// plain longest-common-subsequence table is fast enough.

/** Unchanged lines shown on either side of a change. */
const CONTEXT = 3;

/**
 * The lines of `before` and `after` as a diff: each line prefixed with `-` (only in `before`),
 * `+` (only in `after`) or a space (in both); runs of unchanged lines far from any change are
 * shortened to `@@ N unchanged lines @@`.
 *
 * @param {string} before
 * @param {string} after
 * @returns {string}
 */
export function lineDiff(before, after) {
  const a = splitLines(before);
  const b = splitLines(after);
  // common[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const common = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i][j] =
        a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
    }
  }
  const lines = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ mark: ' ', text: a[i++] });
      j++;
    } else if (i < a.length && (j === b.length || common[i + 1][j] >= common[i][j + 1])) {
      lines.push({ mark: '-', text: a[i++] });
    } else {
      lines.push({ mark: '+', text: b[j++] });
    }
  }
  const changed = lines.map((line) => line.mark !== ' ');
  const nearChange = (k) =>
    changed.slice(Math.max(0, k - CONTEXT), k + CONTEXT + 1).some((isChanged) => isChanged);
  const out = [];
  let skipped = 0;
  lines.forEach((line, k) => {
    if (nearChange(k)) {
      if (skipped > 0) out.push(`@@ ${skipped} unchanged lines @@`);
      skipped = 0;
      out.push(`${line.mark} ${line.text}`);
    } else {
      skipped++;
    }
  });
  if (skipped > 0) out.push(`@@ ${skipped} unchanged lines @@`);
  if (!changed.includes(true) && before !== after) out.push('(only the final newline differs)');
  return `${out.join('\n')}\n`;
}

/** Lines without the empty one after a final newline. */
function splitLines(text) {
  if (text === '') return [];
  return (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
}
