/**
 * The opening every HTML page of the server shares (hosted site pages, policy documents, GraphiQL): doctype,
 * English, UTF-8, a mobile viewport and the title. The caller goes on with the rest of <head>.
 */
export const htmlDocumentStart = (titleHtml: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${titleHtml}</title>`;
