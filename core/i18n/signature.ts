/** Texts of the drawn electronic signature (issue 20: "a signer draws or types their signature"). */
export const signatureTexts = {
  method: 'How do you want to sign?',
  typed: 'Type my name',
  drawn: 'Draw my signature',
  padLabel: 'Signature pad: draw your signature with a mouse, pen or finger. To sign with the keyboard, choose “Type my name”.',
  clear: 'Clear',
  empty: 'Draw your signature in the box first.',
  drawnHint: 'Your name is printed under the drawn signature and recorded on the audit page.',
} as const;
