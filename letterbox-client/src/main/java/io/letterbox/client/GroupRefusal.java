package io.letterbox.client;

/**
 * A user not added to a group because it did not consent to being added by {@code by}.
 *
 * @param code BLOCKED (it blocked {@code by}) or NOT_ALLOWED (its groupAdds setting excludes {@code by})
 */
public record GroupRefusal(long uid, String code) {}
