/** The attributes of <hearth-contact-form> (documented in contact-form.element.ts), shared with its skeleton. */
import { booleanAttr, enumAttr, idAttr } from '../../core/define-element/attributes';

export const contactFormAttributes = {
  listingId: idAttr(),
  variant: enumAttr(['default', 'small'], 'default'),
  hideAgent: booleanAttr(),
};
