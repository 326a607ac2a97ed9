// WCAG 2.5.3 (label in name), checked on every control rather than axe's sample: each visible
// button, link and labelled form field must have an accessible name (as the browser's own
// accessibility tree computes it) that holds the text it shows, so a speech user can say what
// they see.

/** Marks the controls to check in the page; answers each one's visible text by its mark. */
function markControls() {
  const words = (text) => (text || '').replace(/\s+/g, ' ').trim();
  const controls = document.querySelectorAll(
    'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=link]',
  );
  const shown = [];
  for (const el of controls) {
    el.removeAttribute('data-name-check');
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (el.closest('[aria-hidden=true], [inert]')) continue;
    const field = el.matches('input, select, textarea');
    // A field shows its label's text; a button or link its own.
    const text = field
      ? [...(el.labels || [])].map((label) => label.innerText).join(' ')
      : el.innerText;
    if (!words(text)) continue;
    el.setAttribute('data-name-check', String(shown.length));
    shown.push({
      text: words(text),
      what: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : ''}`,
    });
  }
  return shown;
}

/** Letters and digits only, lower case, one space between words: what a name is compared by. */
function comparable(text) {
  return (text || '')
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The controls of `page` whose accessible name does not hold their visible text, each as
 * `what: shown "…", named "…"`.
 *
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>}
 */
export async function namesWithoutTheirText(page) {
  const shown = await page.evaluate(markControls);
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('Accessibility.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '[data-name-check]' });
    const mismatches = [];
    for (const nodeId of nodeIds) {
      const { attributes } = await cdp.send('DOM.getAttributes', { nodeId });
      const index = Number(attributes[attributes.indexOf('data-name-check') + 1]);
      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
      const node = nodes.find((n) => !n.ignored) || nodes[0];
      const name = node && node.name ? String(node.name.value) : '';
      const { text, what } = shown[index];
      if (!comparable(name).includes(comparable(text))) {
        mismatches.push(`${what}: shown "${text}", named "${name}"`);
      }
    }
    return mismatches;
  } finally {
    await page.evaluate(() => {
      for (const el of document.querySelectorAll('[data-name-check]')) el.removeAttribute('data-name-check');
    });
    await cdp.detach();
  }
}
