/** The agent profile card of the partner context (spec §2): picture, name, office, cell, email. */

export interface AgentCardTexts {
  office: string;
  cell: string;
  email: string;
}

export interface AgentCardProps {
  name: string;
  picture?: string | null;
  /** Each phone as a link: its `tel:` href and its text as shown (`contextPhone`, core/format/phone.ts). */
  office?: { href: string; text: string } | null;
  cell?: { href: string; text: string } | null;
  email?: string | null;
  texts: AgentCardTexts;
}

export function AgentCard({ name, picture, office, cell, email, texts }: AgentCardProps) {
  return (
    <div className="agent-card" part="agent-card">
      {picture && <img className="agent-picture" part="agent-picture" src={picture} alt="" width={64} height={64} />}
      <div className="agent-lines">
        <p className="agent-name">{name}</p>
        <dl className="agent-contacts">
          {office && (
            <div>
              <dt>{texts.office}</dt>
              <dd>
                <a href={office.href}>{office.text}</a>
              </dd>
            </div>
          )}
          {cell && (
            <div>
              <dt>{texts.cell}</dt>
              <dd>
                <a href={cell.href}>{cell.text}</a>
              </dd>
            </div>
          )}
          {email && (
            <div>
              <dt>{texts.email}</dt>
              <dd>
                <a href={`mailto:${email}`}>{email}</a>
              </dd>
            </div>
          )}
        </dl>
      </div>
    </div>
  );
}
