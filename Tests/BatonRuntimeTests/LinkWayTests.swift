import BatonModel
import Testing
@testable import BatonRuntime

/// (1.1) Link items: pushed, presented, and items after a flow going into that flow.
@MainActor
@Suite struct LinkWayTests {
    nonisolated static let flow = """
baton: 1
app: Links
start: orders
types:
  OrderRef: {id: string}
  Ticket: {id: string, topic: string?}
screens:
  orderList: {events: {open: OrderRef}}
  orderDetail: {input: OrderRef, events: {support: OrderRef, track: OrderRef}}
  supportHome: {input: Ticket}
  trackMap: {input: OrderRef}
  trackHome: {input: OrderRef}
  receipt: {input: OrderRef}
flows:
  orders:
    stack: orderList
    links:
      /orders/{id}: orderDetail
      /orders/{id}/support: [orderDetail, {sheet: support}]
      /orders/{id}/track: [orderDetail, {push: tracking}, trackMap]
      /orders/{id}/receipt: [orderDetail, {cover: receipt}]
      /orders/{id}/track/receipt: [orderDetail, tracking, {popover: receipt}]
    on:
      orderList.open: push orderDetail
      orderDetail.support: sheet support
      orderDetail.track: push tracking
  support:
    input: Ticket
    stack: supportHome
  tracking:
    input: OrderRef
    stack: trackHome
"""

    func start() throws -> FlowRuntime {
        try FlowRuntime(spec: spec(Self.flow))
    }

    @Test func aPresentedFlowItemIsPresentedOverTheLinkFlow() throws {
        let run = try start()
        #expect(run.open("/orders/7/support?topic=late") == .opened)
        #expect(run.state.presented == "support")
        #expect(run.state.presentation == .sheet)
        #expect(run.state.flows == ["orders", "support"])
        #expect(run.state.top == "supportHome")
        #expect(run.state.topInput == record(["id": "7", "topic": "late"]), "parameters fill the flow's input too")
        #expect(run.dismiss() == .handled)
        #expect(run.state.stack == ["orderList", "orderDetail"])
        #expect(run.state.topInput == record(["id": "7"]))
    }

    @Test func itemsAfterAPushedFlowGoIntoIt() throws {
        let run = try start()
        #expect(run.open("/orders/7/track") == .opened)
        #expect(run.state.stack == ["orderList", "orderDetail", "trackHome", "trackMap"])
        #expect(run.state.flows == ["orders", "tracking"])
        #expect(run.state.topInput == record(["id": "7"]))
        run.back()
        #expect(run.state.top == "trackHome")
        #expect(run.state.flows == ["orders", "tracking"])
    }

    @Test func aPresentedScreenEndsTheWay() throws {
        let run = try start()
        #expect(run.open("/orders/3/receipt") == .opened)
        #expect(run.state.presented == "receipt")
        #expect(run.state.presentation == .cover)
        #expect(run.state.stack == ["receipt"])
        #expect(run.state.topInput == record(["id": "3"]))
    }

    @Test func aPresentedItemAfterAPushedFlowIsPresentedOverThatFlow() throws {
        let run = try start()
        #expect(run.open("/orders/3/track/receipt") == .opened)
        #expect(run.state.presented == "receipt")
        #expect(run.state.presentation == .popover)
        let tracking = try #require(run.root.asStack?.entries.last?.coordinator)
        #expect(tracking.flowName == "tracking")
        #expect(tracking.presented?.item.name == "receipt")
        #expect(run.dismiss() == .handled)
        #expect(run.state.stack == ["orderList", "orderDetail", "trackHome"])
    }

    @Test func openingAgainReplacesTheWayAndDismissesModals() throws {
        let run = try start()
        run.open("/orders/1/support")
        #expect(run.open("/orders/2") == .opened)
        #expect(run.state.presented == nil)
        #expect(run.state.stack == ["orderList", "orderDetail"])
        #expect(run.state.topInput == record(["id": "2"]))
    }

    @Test func theWayIsLintsWay() throws {
        let run = try start()
        #expect(run.core.tables.linkWays.way(to: "orders") == ["orders"])
        #expect(run.core.tables.linkWays.way(to: "tracking") == nil, "reached only by a push")
    }
}
