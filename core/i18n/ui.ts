/** Texts of the shared ui primitives (core/ui). */
export const uiTexts = {
  close: 'Close',
  /** Confirm dialog (spec §2): Cancel and a confirm button with custom text. */
  cancel: 'Cancel',
  confirm: 'Confirm',
} as const;
