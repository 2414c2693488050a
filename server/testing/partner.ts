/** Partner tests against a real server: a partner signed up through GraphQL as the partner console does. */
import type { RunningServer } from '../app';
import type { SignedUp } from '../accounts/testing';
import { graphqlAs } from './graphql';

const SIGN_UP = 'mutation ($slug: String!, $name: String!) { signUpPartner(slug: $slug, name: $name) { id slug } }';

let counter = 0;
/** A new partner named `name`, owned by `owner`, with a slug no other partner of the run has. */
export async function signUpTestPartner(server: RunningServer, owner: SignedUp, name: string): Promise<{ id: string; slug: string }> {
  const result = await graphqlAs(server, owner, SIGN_UP, { slug: `tp-${process.pid}-${++counter}`, name });
  if (!result.data?.signUpPartner) throw new Error(`signUpPartner failed: ${JSON.stringify(result.errors)}`);
  return result.data.signUpPartner as { id: string; slug: string };
}
