/** The agent profile card of the partner context (spec §2): picture, name, office, cell, email. */
import { formatPhone, phoneHref } from '../format/phone';

export interface AgentCardTexts {
  office: string;
  cell: string;
  email: string;
}

export interface AgentCardProps {
  name: string;
  picture?: string | null;
  officeNumber?: string | null;
  cellNumber?: string | null;
  email?: string | null;
  texts: AgentCardTexts;
}

export function AgentCard({ name, picture, officeNumber, cellNumber, email, texts }: AgentCardProps) {
  return (
    <div className="agent-card" part="agent-card">
      {picture && <img className="agent-picture" part="agent-picture" src={picture} alt="" width={64} height={64} />}
      <div className="agent-lines">
        <p className="agent-name">{name}</p>
        <dl className="agent-contacts">
          {officeNumber && (
            <div>
              <dt>{texts.office}</dt>
              <dd>
                <a href={phoneHref(officeNumber)}>{formatPhone(officeNumber)}</a>
              </dd>
            </div>
          )}
          {cellNumber && (
            <div>
              <dt>{texts.cell}</dt>
              <dd>
                <a href={phoneHref(cellNumber)}>{formatPhone(cellNumber)}</a>
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
