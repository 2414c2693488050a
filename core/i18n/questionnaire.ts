/** Every text of <hearth-questionnaire> outside the widgets (those are in questionnaire/widgets/texts.ts). */
export const questionnaireTexts = {
  next: 'Next',
  back: 'Back',
  submit: 'Submit',
  saving: 'Saving…',
  loading: 'Loading the questionnaire…',
  progress: 'Progress',
  stepOf: (index: number, total: number) => `Question ${index} of ${total}`,
  categoryState: { done: 'completed', active: 'current', upcoming: 'not started' } as Record<string, string>,
  completedHeading: 'Thank you',
  completedText: 'Your answers were sent.',
  startOver: 'Review from the start',
  fixErrors: 'Some answers need attention.',
  /** A refused Submit names what is missing or wrong, in the order of the screen; focus goes to the first. */
  needsAttention: (titles: readonly string[]) => {
    const named = titles.map((title) => `“${title}”`);
    const list = named.length <= 1 ? named.join('') : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
    return `Before you continue: ${list} ${titles.length === 1 ? 'needs' : 'need'} your attention.`;
  },
  notAuthorized: 'This questionnaire cannot be opened here. Ask for a new link or sign in as the person who started it.',
  missingQuestionnaire: 'Set the questionnaire attribute (a questionnaire slug) or response-id.',
  failed: 'Something went wrong',
  summaryEmpty: 'No answers yet.',
} as const;
