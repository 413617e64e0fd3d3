package io.letterbox.client;

import java.util.List;

/** The answer of a bulk add: those not added, in uid order (the others were added or given the role). */
public record AddedMembers(List<GroupRefusal> refused) {}
