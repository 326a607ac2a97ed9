// The line diff that snapshot failures print.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { lineDiff } from '../lib/diff.mjs';

const numbered = (count) => Array.from({ length: count }, (_, k) => `line ${k}\n`).join('');

test('lineDiff marks removed and added lines and shortens far unchanged runs', () => {
  const before = numbered(12);
  const after = before.replace('line 1\n', 'line one\n').replace('line 11\n', '');
  assert.equal(
    lineDiff(before, after),
    [
      '  line 0',
      '- line 1',
      '+ line one',
      '  line 2',
      '  line 3',
      '  line 4',
      '@@ 3 unchanged lines @@',
      '  line 8',
      '  line 9',
      '  line 10',
      '- line 11',
      '',
    ].join('\n'),
  );
});

test('lineDiff handles empty sides and a difference in the final newline alone', () => {
  assert.equal(lineDiff('', 'a\nb\n'), '+ a\n+ b\n');
  assert.equal(lineDiff('a\n', ''), '- a\n');
  assert.equal(lineDiff('x\n', 'x'), '@@ 1 unchanged lines @@\n(only the final newline differs)\n');
});
