/** The frame of the sign-in link pages (forms, outcomes): the web pages' stylesheet and header, no scripts. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Patchbay</title>
<link rel="stylesheet" href="/assets/web/patchbay.css">
<link rel="icon" href="/assets/web/icon.svg" type="image/svg+xml">
</head>
<body>
<header class="top"><a class="brand" href="/">Patchbay</a></header>
<main id="main">
${body}
</main>
</body>
</html>`;
}

export const messagePage = (title: string, text: string) => page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
