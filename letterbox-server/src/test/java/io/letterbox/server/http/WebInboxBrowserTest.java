package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.letterbox.server.LetterboxServer;
import io.letterbox.server.auth.UserTokens;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.TestServers;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import javax.imageio.ImageIO;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The web inbox in a real browser (Debian's chromium, headless, driven by chromedriver): two
 * browsers as two users. One signs in with a user token, the other by uid (a loopback server
 * without keys). A message appears in the other's list without a reload, with its unread badge,
 * which clears on reading; a recall disappears on both; an image round-trips through a blob; each
 * sees the other online and typing, and a reply's quote, a reaction and a pin reach the other.
 * All of it under the page's Content-Security-Policy: after each test, neither browser reported a
 * violation of it. Screenshots at desktop and phone width go to {@code target/screenshots/}.
 */
class WebInboxBrowserTest {
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final String SECRET = "web-inbox-test-secret-of-32-bytes!";

  @TempDir
  static Path dir;
  static LetterboxServer server;
  static String base;
  static WebDriver alice;
  static WebDriver bob;

  @BeforeAll
  static void start() {
    assumeTrue(Files.isExecutable(CHROMEDRIVER) && Files.isExecutable(CHROMIUM),
        "needs Debian's chromium and chromium-driver (.ci/run installs them)");
    server = TestServers.start(dir.resolve("data"), b -> b.userTokenSecret(SECRET));
    base = "http://127.0.0.1:" + server.port() + "/";
    alice = browser();
    bob = browser();
  }

  @AfterAll
  static void stop() {
    for (WebDriver d : new WebDriver[] {alice, bob}) {
      if (d != null) {
        d.quit();
      }
    }
    if (server != null) {
      server.close();
    }
  }

  static WebDriver browser() {
    ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
        .addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
            "--window-size=1280,800", "--lang=en-US");
    // The console, where the browser reports what the page's Content-Security-Policy blocked.
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
        .usingAnyFreePort().build();
    return new ChromeDriver(service, options);
  }

  @AfterEach
  void noContentSecurityPolicyViolations() {
    for (WebDriver d : new WebDriver[] {alice, bob}) {
      assertThat(d.manage().logs().get(LogType.BROWSER).getAll()).map(LogEntry::getMessage)
          .noneMatch(m -> m.contains("Content Security Policy") || m.contains("Content-Security-Policy"));
    }
  }

  /** Waits on a condition; the page re-renders lists and messages as events come, so an element may go stale. */
  static org.openqa.selenium.support.ui.FluentWait<WebDriver> waiting(WebDriver d) {
    return new WebDriverWait(d, Duration.ofSeconds(30)).ignoring(StaleElementReferenceException.class);
  }

  @Test
  void twoUsersWriteSeeItLiveReadRecallAndShareAnImage() throws Exception {
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    String token = new UserTokens(ServerConfig.builder().userTokenSecret(SECRET).build().userTokens())
        .issue(a, Duration.ofHours(1), Clock.systemUTC());
    signIn(alice, By.id("token"), token);
    signIn(bob, By.id("uid"), "" + b);

    // Alice writes to Bob; Bob's list shows it without a reload, with one unread.
    alice.findElement(By.id("new-peer")).sendKeys("" + b + "\n");
    waiting(alice).until(ExpectedConditions.visibilityOfElementLocated(By.id("text"))).sendKeys("hello Bob\n");
    By item = By.cssSelector("#conversations li[data-key='u" + a + "']");
    waiting(bob).until(ExpectedConditions.textToBe(By.cssSelector("#conversations li[data-key='u" + a + "'] .badge"), "1"));
    assertThat(bob.findElement(By.id("total")).getText()).isEqualTo("1");

    // Bob opens it: the message is there, and the badges clear.
    click(bob, item);
    waiting(bob).until(ExpectedConditions.textToBePresentInElementLocated(By.id("messages"), "hello Bob"));
    waiting(bob).until(ExpectedConditions.textToBe(By.cssSelector("#conversations li[data-key='u" + a + "'] .badge"), ""));
    waiting(bob).until(ExpectedConditions.textToBe(By.id("total"), ""));

    // Bob answers; Alice, who has the conversation open, sees it arrive.
    bob.findElement(By.id("text")).sendKeys("hi Alice\n");
    waiting(alice).until(ExpectedConditions.textToBePresentInElementLocated(By.id("messages"), "hi Alice"));

    // Alice recalls her message: gone on both sides.
    String id = waiting(alice).until(d ->
        d.findElement(By.xpath("//ol[@id='messages']/li[contains(., 'hello Bob')]")).getAttribute("data-id"));
    click(alice, By.cssSelector("#messages li[data-id='" + id + "'] button.recall"));
    waiting(alice).until(ExpectedConditions.attributeContains(By.cssSelector("#messages li[data-id='" + id + "']"), "class", "recalled"));
    waiting(bob).until(ExpectedConditions.attributeContains(By.cssSelector("#messages li[data-id='" + id + "']"), "class", "recalled"));
    assertThat(bob.findElement(By.id("messages")).getText()).doesNotContain("hello Bob");

    // Alice sends an image; Bob's browser shows it, loaded from the blob.
    alice.findElement(By.id("image")).sendKeys(png().toString());
    waiting(bob).until(d -> (Boolean) ((JavascriptExecutor) d).executeScript(
        "const img = document.querySelector('#messages li img');"
            + " return img !== null && img.complete && img.naturalWidth === 48"));

    // More of Bob's conversations, for the screenshots: unread ones, one pinned.
    Api anyone = new Api(server.port());
    long carol = TestServers.freshUid();
    long dave = TestServers.freshUid();
    anyone.post("/v1/messages", "{\"from\":\"" + carol + "\",\"to\":\"" + b + "\",\"text\":\"周末一起去看展吗？\"}");
    anyone.post("/v1/messages", "{\"from\":\"" + dave + "\",\"to\":\"" + b + "\",\"text\":\"The build is green again\"}");
    anyone.post("/v1/messages", "{\"from\":\"" + dave + "\",\"to\":\"" + b + "\",\"text\":\"shipping at five\"}");
    anyone.put("/v1/users/" + b + "/conversations/" + carol + "/state", "{\"pinned\":true}");
    waiting(bob).until(ExpectedConditions.textToBe(By.cssSelector("#conversations li[data-key='u" + dave + "'] .badge"), "2"));
    waiting(bob).until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("#conversations li:first-child"), "pinned"));
    screenshot(bob, "inbox-desktop.png");
    bob.manage().window().setSize(new Dimension(390, 844));
    screenshot(bob, "inbox-phone-conversation.png");
    click(bob, By.id("back"));
    waiting(bob).until(ExpectedConditions.visibilityOfElementLocated(By.id("conversations")));
    screenshot(bob, "inbox-phone-list.png");
  }

  @Test
  void twoUsersSeeEachOtherOnlineTypingReplyReactAndPin() throws Exception {
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    signIn(alice, By.id("uid"), "" + a);
    signIn(bob, By.id("uid"), "" + b);
    alice.findElement(By.id("new-peer")).sendKeys("" + b + "\n");
    waiting(alice).until(ExpectedConditions.visibilityOfElementLocated(By.id("text"))).sendKeys("lunch at noon?\n");
    click(bob, By.cssSelector("#conversations li[data-key='u" + a + "']"));
    waiting(bob).until(ExpectedConditions.textToBePresentInElementLocated(By.id("messages"), "lunch at noon?"));

    // Bob has his inbox open, so Alice sees him online; while he writes, she sees him typing.
    waiting(alice).until(ExpectedConditions.attributeContains(By.id("presence"), "class", "online"));
    bob.findElement(By.id("text")).sendKeys("yes");
    waiting(alice).until(ExpectedConditions.visibilityOfElementLocated(By.id("typing")));

    // Bob replies to her question: Alice's copy of his answer quotes it.
    String question = waiting(bob).until(d ->
        d.findElement(By.xpath("//ol[@id='messages']/li[contains(., 'lunch at noon?')]")).getAttribute("data-id"));
    click(bob, By.cssSelector("#messages li[data-id='" + question + "'] button.reply"));
    waiting(bob).until(ExpectedConditions.visibilityOfElementLocated(By.id("replying")));
    bob.findElement(By.id("text")).sendKeys(", see you there\n");
    By answer = By.xpath("//ol[@id='messages']/li[contains(., 'see you there')]");
    waiting(alice).until(ExpectedConditions.textToBePresentInElementLocated(By.id("messages"), "see you there"));
    waiting(alice).until(d -> d.findElement(answer).findElement(By.className("quote")).getText().contains("lunch at noon?"));
    waiting(alice).until(ExpectedConditions.invisibilityOfElementLocated(By.id("typing")));

    // Alice reacts to the answer: Bob sees the count; Alice pins it: Bob sees it among the pins.
    String answerId = waiting(alice).until(d -> d.findElement(answer).getAttribute("data-id"));
    click(alice, By.cssSelector("#messages li[data-id='" + answerId + "'] button.react"));
    waiting(bob).until(d -> d.findElement(By.cssSelector("#messages li[data-id='" + answerId + "'] .reactions")).getText()
        .equals("\uD83D\uDC4D 1"));
    click(alice, By.cssSelector("#messages li[data-id='" + answerId + "'] button.pin-message"));
    waiting(bob).until(ExpectedConditions.textToBePresentInElementLocated(By.id("pins"), "see you there"));
    screenshot(alice, "inbox-reply-react-pin.png");
  }

  @Test
  void aGroupConversationArrivesLiveAndOlderMessagesLoadOnScrollingBack() {
    long reader = TestServers.freshUid();
    long writer = TestServers.freshUid();
    long chatty = TestServers.freshUid();
    Api anyone = new Api(server.port());
    for (int i = 1; i <= 45; i++) {
      anyone.post("/v1/messages", "{\"from\":\"" + chatty + "\",\"to\":\"" + reader + "\",\"text\":\"number " + i + "\"}");
    }
    String gid = anyone.post("/v1/groups", "{\"by\":\"" + writer + "\",\"name\":\"team\",\"members\":[\"" + reader + "\"]}")
        .json().get("id").asText();
    WebDriver d = bob;
    signIn(d, By.id("uid"), "" + reader);

    anyone.post("/v1/groups/" + gid + "/messages", "{\"from\":\"" + writer + "\",\"text\":\"group hello\"}");
    By group = By.cssSelector("#conversations li[data-key='g" + gid + "']");
    waiting(d).until(ExpectedConditions.textToBe(By.cssSelector("#conversations li[data-key='g" + gid + "'] .badge"), "1"));
    click(d, group);
    waiting(d).until(ExpectedConditions.textToBePresentInElementLocated(By.id("messages"), "group hello"));
    d.findElement(By.id("text")).sendKeys("hello team\n");
    waiting(d).until(ExpectedConditions.textToBePresentInElementLocated(By.id("messages"), "hello team"));
    assertThat(anyone.get("/v1/users/" + writer + "/groups/" + gid + "/messages").body()).contains("hello team");

    click(d, By.cssSelector("#conversations li[data-key='u" + chatty + "']"));
    waiting(d).until(x -> x.findElements(By.cssSelector("#messages li")).size() == 30);
    // Scrolled to the top at every poll, as a user would scroll again: a scroll made before the page
    // had scrolled itself to its newest message (a busy machine) is undone by it and loads nothing.
    waiting(d).until(x -> {
      ((JavascriptExecutor) x).executeScript("document.getElementById('messages').scrollTop = 0");
      return x.findElements(By.cssSelector("#messages li")).size() == 45;
    });
    assertThat(d.findElement(By.cssSelector("#messages li:first-child")).getText()).startsWith("number 1");
  }

  @Test
  void aBadTokenIsRefusedAtSignIn() {
    WebDriver d = alice;
    d.get(base);
    ((JavascriptExecutor) d).executeScript("sessionStorage.clear()");
    d.navigate().refresh();
    d.findElement(By.id("token")).sendKeys("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.bad-signature");
    d.findElement(By.id("signin-button")).click();

    waiting(d).until(ExpectedConditions.textToBePresentInElementLocated(By.id("signin-error"), "valid user token"));
    assertThat(d.findElement(By.id("inbox")).isDisplayed()).isFalse();
  }

  /** Clicks what {@code by} finds, finding it again if the page re-rendered it meanwhile. */
  static void click(WebDriver d, By by) {
    waiting(d).until(x -> {
      x.findElement(by).click();
      return true;
    });
  }

  static void signIn(WebDriver d, By field, String value) {
    d.get(base);
    ((JavascriptExecutor) d).executeScript("sessionStorage.clear()");
    d.navigate().refresh();
    // On a busy machine the page may still be signing in its earlier session (its sign-in form
    // hidden) when the refresh returns: wait for the form rather than type into a hidden field.
    waiting(d).until(ExpectedConditions.elementToBeClickable(field)).sendKeys(value);
    d.findElement(By.id("signin-button")).click();
    waiting(d).until(ExpectedConditions.visibilityOfElementLocated(By.id("conversations")));
  }

  static Path png() throws Exception {
    BufferedImage img = new BufferedImage(48, 32, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setColor(new Color(0xfb7299));
    g.fillRect(0, 0, 48, 32);
    g.setColor(Color.WHITE);
    g.fillOval(12, 4, 24, 24);
    g.dispose();
    File f = dir.resolve("picture.png").toFile();
    ImageIO.write(img, "png", f);
    return f.toPath();
  }

  static void screenshot(WebDriver d, String name) throws Exception {
    Path out = Path.of("target", "screenshots");
    Files.createDirectories(out);
    Files.write(out.resolve(name), ((TakesScreenshot) d).getScreenshotAs(OutputType.BYTES));
  }
}
