// The invitation links: each "Share" button hands its link to the phone's
// share sheet (navigator.share) where the browser has one, and copies it
// to the clipboard otherwise, saying so beside the button. Without this
// script the links are still there to select and copy by hand.
function said(button, words) {
  const status = document.getElementById(button.dataset.status);
  if (status) status.textContent = words;
}

async function copied(button, link) {
  try {
    await navigator.clipboard.writeText(link);
    said(button, "Copied: paste it into a message.");
  } catch {
    const input = document.getElementById(button.dataset.input);
    if (input) input.select();
    said(button, "Selected: copy it from your device's menu.");
  }
}

async function shared(button) {
  const link = button.dataset.link;
  if (navigator.share) {
    try {
      await navigator.share({ title: button.dataset.title, text: button.dataset.text, url: link });
      said(button, "Shared.");
      return;
    } catch (error) {
      if (error && error.name === "AbortError") return;  // the person closed the share sheet
    }
  }
  await copied(button, link);
}

for (const button of document.querySelectorAll("button[data-link]")) {
  button.hidden = false;
  if (!navigator.share) button.textContent = button.dataset.copyLabel;
  button.addEventListener("click", () => shared(button));
}
