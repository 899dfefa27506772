// Mounts the Scalar API reference (served from our own copy) without loading fonts or calling outside services.
// The mount point is not `#api-reference`: the standalone bundle mounts a second copy, with its default
// configuration (Scalar's web fonts from fonts.scalar.com), on any element with that id.
//
// customCss (unlayered, so it wins over Scalar's layered theme) fixes what axe-core finds in Scalar's light theme:
// grey texts and method badges below 4.5:1 contrast, and scroll boxes that hold nothing focusable (a keyboard could
// not scroll them): the endpoint list of a tag is shown at full height, a server URL wraps instead of scrolling.
const customCss = `
.light-mode {
  --scalar-color-2: #4f5967;
  --scalar-color-3: #5a6270;
  --scalar-color-accent: #1f4fc4;
  --scalar-color-blue: #0b5aa6;
  --scalar-color-green: #0b6b3f;
  --scalar-color-red: #b42318;
  --scalar-color-orange: #9a4400;
  --scalar-color-yellow: #7a5a00;
  --scalar-color-purple: #5b2ca0;
}
.scalar-api-reference .scalar-card-content.custom-scroll { max-height: none; overflow: visible; }
.scalar-api-reference ul.endpoints { overflow: visible; overflow-wrap: anywhere; }
.scalar-api-reference span.overflow-x-auto { overflow-x: visible; overflow-wrap: anywhere; white-space: normal; }
`;

window.Scalar?.createApiReference("#scalar-reference", {
  url: "/openapi.json",
  withDefaultFonts: false,
  customCss,
  forceDarkModeState: "light",
  hideClientButton: true,
  hideDarkModeToggle: true,
  showDeveloperTools: "never",
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
});
