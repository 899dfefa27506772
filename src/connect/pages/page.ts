/** The frame of Patchbay's own pages (sign-in links, forms, outcomes): small, readable, no scripts. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Patchbay</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; color: #1d232b; background: #f5f6f8; margin: 0; }
  main { max-width: 34rem; margin: 4rem auto; background: #fff; border-radius: 12px; padding: 2rem 2.25rem; box-shadow: 0 1px 3px #0002; }
  h1 { font-size: 1.35rem; margin: 0 0 1rem; }
  label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
  input { width: 100%; box-sizing: border-box; font: inherit; padding: .55rem .7rem; border: 1px solid #c4cad3; border-radius: 8px; }
  button { margin-top: 1.25rem; font: inherit; font-weight: 600; padding: .6rem 1.2rem; border: 0; border-radius: 8px; background: #2457d6; color: #fff; cursor: pointer; }
  .error { background: #fdecec; color: #8a1c1c; padding: .6rem .8rem; border-radius: 8px; }
  .muted { color: #5b6573; font-size: .9rem; }
</style>
</head>
<body><main>
${body}
</main></body>
</html>`;
}

export const messagePage = (title: string, text: string) => page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
