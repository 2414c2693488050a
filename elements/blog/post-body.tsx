/**
 * The one place a post's HTML enters the DOM. It trusts exactly one source: the `body` of our API's Post
 * (and postPreview's answer, the same renderer), which the server rendered from Markdown with marked and
 * passed through sanitize-html's allowlist (server/content/markdown.ts). Never hand it anything else — no
 * attribute, no partner data, no text a visitor typed.
 */
export interface PostBodyProps {
  /** Post.body or postPreview's answer, as the API sent it. */
  serverHtml: string;
  part: string;
  id?: string;
}

export function PostBody({ serverHtml, part, id }: PostBodyProps) {
  return <div className="post-body" part={part} id={id} dangerouslySetInnerHTML={{ __html: serverHtml }} />;
}
