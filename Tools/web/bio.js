// The bio: the engine counts graphemes against the limit and names the
// level (normal, warning near the limit, over past it). The text itself is
// never touched, so typing, pasting and IME composition work as usual.

export const BIO_LIMIT = 160;

export function bindBio(engine, textarea, meter, ring, count) {
  const update = () => {
    const evaluation = engine.textLimit(textarea.value, { limit: BIO_LIMIT });
    count.textContent = `${evaluation.graphemes} / ${BIO_LIMIT}`;
    meter.dataset.level = evaluation.level;
    const filled = Math.min(100, (100 * evaluation.graphemes) / BIO_LIMIT);
    ring.setAttribute("stroke-dasharray", `${filled} ${100 - filled}`);
  };
  textarea.addEventListener("input", update);
  update();
}
