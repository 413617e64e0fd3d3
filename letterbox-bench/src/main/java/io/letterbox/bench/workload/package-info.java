/** The generated workload: users by popularity, conversation history, message texts as DMs are. */
package io.letterbox.bench.workload;
