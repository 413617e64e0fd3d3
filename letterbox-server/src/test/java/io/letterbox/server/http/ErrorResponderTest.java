package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.letterbox.server.http.errors.ErrorResponder;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** What the error mapping does with failures no route turned into a refusal: bugs, logged. */
class ErrorResponderTest {
  private final Logger logger = (Logger) LoggerFactory.getLogger(ErrorResponder.class);
  private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
  private Vertx vertx;
  private Api api;

  @BeforeEach
  void serve() throws Exception {
    logged.start();
    logger.addAppender(logged);
    vertx = Vertx.vertx();
    Router router = Router.router(vertx);
    router.get("/bare-500").handler(ctx -> ctx.fail(500));
    router.get("/thrown").handler(ctx -> {
      throw new IllegalStateException("a bug");
    }).failureHandler(ErrorResponder::handle);
    router.get("/client-gone").handler(ctx -> {
      // As when the client closes its connection while its body is read; the test's client,
      // whose connection stays, is then answered by the route itself.
      ctx.fail(new io.vertx.core.http.HttpClosedException("Connection was closed"));
      ctx.response().end("answered by the route");
    }).failureHandler(ErrorResponder::handle);
    router.errorHandler(500, ErrorResponder::handle);
    HttpServer server = vertx.createHttpServer().requestHandler(router).listen(0, "127.0.0.1")
        .toCompletionStage().toCompletableFuture().get();
    api = new Api(server.actualPort());
  }

  @AfterEach
  void stop() throws Exception {
    logger.detachAppender(logged);
    vertx.close().toCompletionStage().toCompletableFuture().get();
  }

  @Test
  void aBare500IsLoggedWithMethodAndPathAndAnswersTheInternalShape() {
    Reply r = api.get("/bare-500");

    assertThat(r.status()).isEqualTo(500);
    assertThat(r.errorCode()).isEqualTo("INTERNAL");
    assertThat(r.json().get("error").get("message").asText())
        .isEqualTo("internal error; the server log has the details");
    assertThat(logged.list).singleElement().satisfies(e -> {
      assertThat(e.getLevel()).isEqualTo(Level.ERROR);
      assertThat(e.getFormattedMessage()).contains("GET /bare-500");
      assertThat(e.getThrowableProxy()).as("a stack trace").isNotNull();
    });
  }

  @Test
  void anExceptionIsLoggedWithItsStackTraceAndItsMessageDoesNotLeak() {
    Reply r = api.get("/thrown");

    assertThat(r.status()).isEqualTo(500);
    assertThat(r.body()).doesNotContain("a bug");
    assertThat(logged.list).singleElement().satisfies(e -> {
      assertThat(e.getLevel()).isEqualTo(Level.ERROR);
      assertThat(e.getFormattedMessage()).contains("GET /thrown");
      assertThat(e.getThrowableProxy().getMessage()).isEqualTo("a bug");
    });
  }

  @Test
  void aClientThatWentAwayIsNeitherAnsweredNorLoggedAsABug() {
    Reply r = api.get("/client-gone");

    assertThat(r.body()).isEqualTo("answered by the route");
    assertThat(logged.list).as("logged").isEmpty();
  }
}
