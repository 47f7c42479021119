/**
 * Stands in for `content-disposition` under jest only. @fastify/static requires it (for its
 * `reply.download`, which the gateway never calls), and it is an ES module: Node 20 loads it through
 * `require`, jest's own module loader cannot before Node 24.9. The real package runs everywhere else.
 */
'use strict';

module.exports = {
  create() {
    throw new Error('content-disposition is a jest stand-in: reply.download is not used by the gateway');
  },
  parse() {
    throw new Error('content-disposition is a jest stand-in: reply.download is not used by the gateway');
  },
};
