/** The download name of a generated PDF (questionnaire-widgets spec §9): download-{year}.{month}.{day}.pdf, no zero padding. */
export function pdfDownloadName(date: Date = new Date()): string {
  return `download-${date.getUTCFullYear()}.${date.getUTCMonth() + 1}.${date.getUTCDate()}.pdf`;
}
