// The copy button of the developer page (progressive: without JavaScript the key is selectable text).
for (const button of document.querySelectorAll("[data-copy]")) {
  button.hidden = false;
  button.addEventListener("click", async () => {
    const field = document.getElementById(button.dataset.copy);
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select();
      document.execCommand("copy");
    }
    button.textContent = "Copied";
    document.getElementById(button.dataset.copy + "-status").textContent = "The key is on the clipboard.";
  });
}
