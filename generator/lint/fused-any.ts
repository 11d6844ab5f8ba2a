/**
 * redocly's walk (openapi-core 2.64.0's walk.js) calls each rule's `any` visitor at every node of
 * the document, building for each call a context object and its closures: with several such rules
 * (podcast-gen's `struct`, `struct-unread`, `assumed-reason`) that per-call work outweighs the rules'
 * own. {@link fuseAnyVisitors} puts each run of them behind one visitor, so the walk builds one context
 * per node; each rule's reports keep its own rule id, severity and custom message.
 */
import type { NormalizedProblem, normalizeVisitors, UserContext } from '@redocly/openapi-core';

type Visitors = ReturnType<typeof normalizeVisitors>;
type AnyEnter = Visitors['any']['enter'][number];
type ReportOptions = Parameters<UserContext['report']>[0];

/**
 * Replaces each run of two or more `any` enter visitors (none with a `skip` or a `leave`, whose
 * contexts the walk must track apart) by one that calls them in turn. `ctx` is the walk's.
 */
export function fuseAnyVisitors(visitors: Visitors, ctx: { problems: NormalizedProblem[]; visitorsData: Record<string, Record<string, unknown>> }): void {
  const leaving = new Set(visitors.any.leave.map((visitor) => visitor.context));
  const fusable = (visitor: AnyEnter) => !visitor.skip && !leaving.has(visitor.context);
  const fused: AnyEnter[] = [];
  let run: AnyEnter[] = [];
  const close = () => {
    fused.push(...(run.length > 1 ? [fuse(run, ctx)] : run));
    run = [];
  };
  for (const visitor of visitors.any.enter) {
    if (fusable(visitor)) run.push(visitor);
    else {
      close();
      fused.push(visitor);
    }
  }
  close();
  visitors.any.enter = fused;
}

/** One visitor that calls `rules` in order, on the one context the walk made for the node. */
function fuse(rules: AnyEnter[], ctx: { problems: NormalizedProblem[]; visitorsData: Record<string, Record<string, unknown>> }): AnyEnter {
  const { problems } = ctx;
  // The node's own report (bound to the fused visitor) and whether a rule asked the walk to stop at the node.
  let nodeReport: UserContext['report'] = () => undefined;
  let nodeIgnore: () => void = () => undefined;
  let ignored = false;
  const ignore = () => {
    ignored = true;
    nodeIgnore();
  };
  const reports = rules.map((rule) => (opts: ReportOptions) => {
    const from = problems.length;
    nodeReport(opts);
    // The walk made the problem in the fused visitor's name, without a custom message: it becomes the
    // rule's, as the walk's own report would have made it (what `opts` names itself stays).
    for (const problem of problems.slice(from)) {
      if (!('ruleId' in opts)) problem.ruleId = rule.ruleId;
      if (!('severity' in opts)) problem.severity = (opts.forceSeverity || rule.severity) as NormalizedProblem['severity'];
      problem.message = rule.message ? rule.message.replace('{{message}}', opts.message) : opts.message;
    }
  });
  const data = rules.map((rule) => () => (ctx.visitorsData[rule.ruleId] ??= {}));
  const first = rules[0] as AnyEnter;
  return {
    ...first,
    message: undefined,
    severity: 'error',
    visit(node, context, parents, level) {
      const own = context as { report: UserContext['report']; getVisitorData: () => Record<string, unknown>; ignoreNextVisitorsOnNode: () => void };
      nodeReport = own.report;
      nodeIgnore = own.ignoreNextVisitorsOnNode;
      ignored = false;
      own.ignoreNextVisitorsOnNode = ignore;
      for (let index = 0; index < rules.length && !ignored; index++) {
        own.report = reports[index] as UserContext['report'];
        own.getVisitorData = data[index] as () => Record<string, unknown>;
        (rules[index] as AnyEnter).visit(node, context, parents, level);
      }
    },
  };
}
