/** The development bank's page (plays Zarinpal's StartPay): Persian, with pay and cancel buttons. */
import { formatToman } from "../../../lib/format";
import { walletMessages } from "./messages";

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

export function devbankPage(p: { id: string; amount: number; status: string }, csrfToken: string): string {
  const pending = p.status === "pending";
  return `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(walletMessages.devbankTitle)}</title>
<style>
  body{font-family:Vazirmatn,Tahoma,sans-serif;background:#f3f5f8;margin:0;padding:2rem 1rem;color:#1d2433}
  main{max-width:26rem;margin:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0001}
  h1{font-size:1.2rem;margin-top:0} .amount{font-size:1.5rem;font-weight:700;margin:.5rem 0 1.5rem}
  .note{font-size:.85rem;color:#5b6475;background:#fff7e0;padding:.6rem;border-radius:8px}
  form{display:flex;gap:.75rem} button{flex:1;font:inherit;padding:.75rem;border-radius:8px;border:0;cursor:pointer}
  button:focus-visible{outline:3px solid #1a56db;outline-offset:2px}
  #pay{background:#0f7b3f;color:#fff} #cancel{background:#e6e8ee;color:#1d2433}
</style></head>
<body><main>
  <h1>${esc(walletMessages.devbankTitle)}</h1>
  <p class="note">${esc(walletMessages.devbankNotice)}</p>
  <p>${esc(walletMessages.devbankAmount)}:</p>
  <p class="amount" data-amount="${p.amount}">${esc(formatToman(p.amount))}</p>
  ${
    pending
      ? `<form method="post" action="/gateway/devbank/pay/${esc(p.id)}">
    <input type="hidden" name="_token" value="${esc(csrfToken)}">
    <button id="pay" type="submit" name="action" value="pay">${esc(walletMessages.devbankPay)}</button>
    <button id="cancel" type="submit" name="action" value="cancel">${esc(walletMessages.devbankCancel)}</button>
  </form>`
      : `<p><a href="/payment?id=${esc(p.id)}">نتیجهٔ پرداخت</a></p>`
  }
</main></body></html>`;
}
