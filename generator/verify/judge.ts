/**
 * How each request of a run is judged, by what it expects of its answer: a valid request accepted
 * (and conforming to the document), an invalid one refused, one without its credential or with a
 * wrong one refused with 401 or 403, an undeclared method answered 405 with `Allow`, a resource
 * just created there, a resource just deleted gone. A run and `--replay` judge alike.
 */
import { checkAnswer, type AnswerContext } from './check-answer.js';
import { isDeclared } from './declared.js';
import type { CheckName, Finding } from './report.js';
import type { Expectation } from './request-case.js';
import type { Exchange } from './send.js';

/** What judging needs beyond the answer: the operation's context, and the variable a refused credential came from. */
export interface Judging {
  context: AnswerContext;
  /** The variables of the credentials, named where the server refused them. */
  credentialVariable?: string;
  maxTimeMs?: number;
}

/** The findings on one exchange, and what was seen without failing. */
export interface Verdict {
  findings: Finding[];
  notes: string[];
}

/** Statuses a valid request may be refused with for a reason of the server's: an id naming nothing, a conflict, a resource gone. */
const SERVER_REASONS = new Set([404, 409, 410]);

/** Judges `answer` to a request that expects `expectation`. */
export function judge(judging: Judging, expectation: Expectation, answer: Exchange): Verdict {
  const notes: string[] = [];
  if (!answer.answered)
    return {
      findings: [
        // A token the budget left no room for is a credential not had (a probe does not judge it: the request was not sent).
        answer.kind === 'connection'
          ? { check: 'connection', message: answer.cause, expected: 'an answer', actual: answer.cause }
          : { check: 'credential', message: answer.cause, expected: 'a credential to send', actual: answer.cause },
      ],
      notes,
    };
  const { context } = judging;
  const conforms = () => checkAnswer(context, answer);
  const fail = (check: CheckName, message: string, expected: string): Verdict => ({
    findings: [{ check, message, expected, actual: String(answer.status) }],
    notes,
  });
  switch (expectation.kind) {
    case 'accepted': {
      const findings = [...conforms(), ...acceptance(judging, answer, notes)].map((f) =>
        answer.redirect && f.check === 'status' ? { ...f, message: `${f.message} (${answer.redirect})` } : f,
      );
      if (answer.redirect) notes.push(`answered ${answer.status}, ${answer.redirect}: only its status is judged`);
      if (judging.maxTimeMs !== undefined && answer.durationMs > judging.maxTimeMs)
        findings.push({
          check: 'time',
          message: `answered in ${Math.round(answer.durationMs)} ms, more than --max-time ${judging.maxTimeMs} ms`,
          expected: `at most ${judging.maxTimeMs} ms`,
          actual: `${Math.round(answer.durationMs)} ms`,
        });
      return { findings, notes };
    }
    case 'refused':
      // Any 4xx refuses it; one the document declares is checked like any other answer.
      if (answer.status >= 400 && answer.status < 500) return { findings: isDeclared(context.statusKeys, answer.status) ? conforms() : [], notes };
      if (answer.status >= 500) return { findings: conforms(), notes };
      return fail(expectation.check, `answered ${answer.status}, where it must be refused with a 4xx`, '4xx');
    case 'unauthorized': {
      // Either status will do; where a response of the document covers it, it is checked like any other.
      if (answer.status === 401 || answer.status === 403) return { findings: isDeclared(context.statusKeys, answer.status) ? conforms() : [], notes };
      if (answer.status >= 500) return { findings: conforms(), notes };
      // Another refusal (a 404 that hides what exists) lets nothing in: not the check's to fail.
      if (answer.status >= 400) {
        notes.push(`answered ${answer.status}, a refusal, though not one of the credential`);
        return { findings: isDeclared(context.statusKeys, answer.status) ? conforms() : [], notes };
      }
      const declared = ['401', '403'].filter((s) => context.statusKeys.includes(s));
      const expected = declared.length > 0 ? declared.join(' or ') : '401 or 403';
      return fail('ignored-auth', `answered ${answer.status}, where the request must be refused with ${expected}`, expected);
    }
    case 'not-allowed': {
      if (answer.status === 405) {
        if (answer.headers['allow'] !== undefined) return { findings: [], notes };
        return fail('method', `answered 405 without an Allow header (RFC 9110, 15.5.6: it lists ${expectation.declared.join(', ')})`, 'an Allow header');
      }
      // Routing may answer 404 before it looks at the method where the path names a resource.
      if (answer.status === 404 && expectation.path.includes('{')) {
        notes.push("answered 404: the path's values may name nothing on this server, so the method was not judged");
        return { findings: [], notes };
      }
      return fail('method', `answered ${answer.status}, where a method the path does not declare must be answered 405 with Allow`, '405');
    }
    case 'available':
      if (answer.status === 404 || answer.status === 410)
        return fail('resource-available', `answered ${answer.status} for the resource ${expectation.createdBy} had just created`, '2xx');
      return { findings: [...conforms(), ...acceptance(judging, answer, notes)], notes };
    case 'gone':
      if (answer.status === 404 || answer.status === 410) return { findings: isDeclared(context.statusKeys, answer.status) ? conforms() : [], notes };
      if (answer.status >= 200 && answer.status < 400)
        return fail('use-after-free', `answered ${answer.status} for the resource ${expectation.deletedBy} had deleted`, '404 or 410');
      return { findings: conforms(), notes };
  }
}

/**
 * A valid request is accepted: a 4xx fails unless it is a refusal of the credential (its own
 * check), a rate limit the client's retries did not outlast, a reason of the server's (an id that
 * names nothing, a conflict), or a status the operation declares by its number (other than 400 and
 * 422, which say the input is wrong).
 */
function acceptance(judging: Judging, answer: Extract<Exchange, { answered: true }>, notes: string[]): Finding[] {
  const { context } = judging;
  const status = answer.status;
  if (status < 400 || status >= 500) return [];
  if ((status === 401 || status === 403) && context.op.security.kind === 'credential')
    return [
      {
        check: 'credential',
        message: `answered ${status}: the server refused the credential in ${judging.credentialVariable ?? context.op.security.variables.join(', ')}`,
        expected: 'the credential accepted',
        actual: String(status),
      },
    ];
  if (status === 429) {
    notes.push('answered 429: still rate limited when the client had retried as often as it does, waiting as asked');
    return [];
  }
  const byNumber = context.statusKeys.includes(String(status));
  if (SERVER_REASONS.has(status) || (byNumber && status !== 400 && status !== 422)) {
    notes.push(
      `answered ${status}${byNumber ? ', a failure the document declares,' : ''} to valid input: its values may name nothing on this server, or conflict with what is there`,
    );
    return [];
  }
  return [
    {
      check: 'accepted',
      message: `answered ${status} to input that fits the document, which must be accepted`,
      expected: 'a 2xx (or a status the document declares for a reason of the server)',
      actual: String(status),
    },
  ];
}
