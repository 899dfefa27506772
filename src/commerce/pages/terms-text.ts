/** The subscription terms the buyer reads and accepts on the start page (and at /store/terms). */
import { html } from "../../web/render.js";
import { describePrice, type Priced } from "../describe-price.js";

export const TermsText = ({ price }: { price?: Priced & { productName: string } }) => html`<section aria-labelledby="terms-title">
  <h2 id="terms-title">Subscription terms</h2>
  <ol>
    ${price ? html`<li>You subscribe to <strong>${price.productName}</strong> at <strong>${describePrice(price)}</strong>.</li>` : html`<li>You subscribe to the Patchbay plan and price shown on the checkout page.</li>`}
    <li>A free trial, when the offer has one, starts today; the first payment is taken when it ends unless you cancel before.</li>
    <li>The subscription renews automatically at the end of each billing period at the same price until you cancel it.</li>
    <li>You can cancel at any time; the subscription then ends at the close of the current billing period, and no further payment is taken.</li>
    <li>Payment is taken only by the payment processor, on its own checkout page. Patchbay never sees your card details.</li>
    <li>After payment you receive a receipt by e-mail with a link to create your Patchbay account for the plan.</li>
  </ol>
</section>`;
